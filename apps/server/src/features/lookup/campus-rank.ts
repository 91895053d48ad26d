/** What the college directory says of one row, to tell a main campus from a branch. */
export interface CampusRow {
  id: string;
  name: string;
  /** The eight-digit OPE id: six for the institution, two for the location (00 the main one); may be empty. */
  opeid: string;
}

/**
 * The ids of the branch campuses (decision 038). A row is a branch when its
 * OPE id names an additional location (last two digits not 00: Penn State
 * York 00332918 beside Main Campus 00332900), or when another row of its
 * "System-Campus" name group (the name up to its first hyphen) has a lower OPE
 * id: the system's campuses that report as institutions of their own were
 * numbered after the original one (Michigan: Ann Arbor 002325, Dearborn
 * 002326, Flint 002327). A row without an OPE id is never a branch.
 */
export function branchIds(rows: readonly CampusRow[]): Set<string> {
  const lowestOfGroup = new Map<string, string>();
  for (const row of rows) {
    const group = groupOf(row.name);
    if (!/^\d{8}$/.test(row.opeid) || group === undefined) continue;
    const lowest = lowestOfGroup.get(group);
    if (lowest === undefined || row.opeid < lowest) lowestOfGroup.set(group, row.opeid);
  }
  const branches = new Set<string>();
  for (const row of rows) {
    if (!/^\d{8}$/.test(row.opeid)) continue;
    const group = groupOf(row.name);
    const lowest = group === undefined ? undefined : lowestOfGroup.get(group);
    if (!row.opeid.endsWith('00') || (lowest !== undefined && lowest < row.opeid)) branches.add(row.id);
  }
  return branches;
}

/** "University of Michigan" for "University of Michigan-Flint"; undefined for a name without a hyphen. */
function groupOf(name: string): string | undefined {
  const hyphen = name.indexOf('-');
  return hyphen > 0 ? name.slice(0, hyphen).trim().toLowerCase() : undefined;
}
