-- Issue 41: what a submitted application keeps of the configuration it was judged by: the programs and
-- terms its tenant file offered at submission (packages/domain/src/programs/kept-basis.ts). A later tenant
-- file that drops a term or renames a program changes nothing anyone reads of it. Applications submitted
-- before this migration are given the programs and terms of the first start after it (core/kept-bases.ts).
ALTER TABLE applications ADD COLUMN kept_basis jsonb;

-- The office's list shows the kept labels of a submitted application (NULL: today's, by code).
ALTER TABLE staff_application_index ADD COLUMN kept_program_label text;
ALTER TABLE staff_application_index ADD COLUMN kept_term_label text;

-- Each cycle's programs and terms as the tenant file last defined them while it was open (written at every
-- start, core/open-cycle.ts): an application of a closed cycle that was never submitted reads with them.
ALTER TABLE cycle_history ADD COLUMN basis jsonb;
