// A titled part of the property page (description, amenities, units, files,
// location, project details): an <h2> that labels its section.
import type { ReactNode } from 'react';

export function PropertySection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `property-section ${className}` : 'property-section'} aria-labelledby={id}>
      <h2 className="property-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
