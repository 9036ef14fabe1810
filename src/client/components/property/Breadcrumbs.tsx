// Where the project sits: home → search → region → town → the project. The
// same trail as the page's BreadcrumbList (shared/structured-data.ts).
import { t } from '../../../shared/i18n.ts';
import { Link } from '../Link.tsx';

export interface Crumb {
  name: string;
  href: string;
}

export function Breadcrumbs({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label={t('property.breadcrumbs')}>
      <ol>
        {trail.map((crumb, i) => (
          <li key={crumb.href}>
            {i === trail.length - 1 ? <span aria-current="page">{crumb.name}</span> : <Link href={crumb.href}>{crumb.name}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
