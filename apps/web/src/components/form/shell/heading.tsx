import { createContext, use, type ReactNode } from 'react';

/**
 * Heading levels follow nesting (page h1, section h2, repeated item h3 ...),
 * so the outline stays valid wherever a container is placed.
 */
const HeadingLevel = createContext(2);

type Level = 2 | 3 | 4 | 5 | 6;
const clamp = (n: number): Level => Math.min(Math.max(n, 2), 6) as Level;

export function Heading({
  id,
  className,
  tabIndex,
  children,
}: {
  id?: string;
  className?: string;
  tabIndex?: number;
  children: ReactNode;
}) {
  const Tag = `h${clamp(use(HeadingLevel))}` as const;
  return (
    <Tag id={id} className={className} tabIndex={tabIndex}>
      {children}
    </Tag>
  );
}

/** Headings inside are one level below the nearest heading outside. */
export function Subheadings({ children }: { children: ReactNode }) {
  const level = use(HeadingLevel);
  return <HeadingLevel value={clamp(level + 1)}>{children}</HeadingLevel>;
}
