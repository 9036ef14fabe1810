// Price lists, floor plans and brochures (issue 4). Registered clients
// download them; anyone else sees each one listed with a lock and SPEC §2's
// 'register to access all information', linked to the section's registration.
// A file with an address (a logged-in client's, or one open to all) is a link.
// Registering from here comes back to this page, where the files then unlock.
import { useLocation } from 'wouter';
import type { FilesAnswer, ProjectFile } from '../../../shared/catalogue.ts';
import { t } from '../../../shared/i18n.ts';
import { registerHref } from '../../lib/account-links.ts';
import { useSection } from '../../lib/section.tsx';
import { Link } from '../Link.tsx';
import { PropertyIcon } from './icons.tsx';

const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * What a file is called: its kind and its title ('Brochure', 'Villas Dénia'),
 * or its title alone when that says the kind already ('Floor plans', 'Floor
 * plan, type A', 'Villas Dénia brochure'), so no row reads as a duplicate.
 */
export function fileLabel(file: Pick<ProjectFile, 'kind' | 'title'>): { kind: string; title: string | null } {
  const kind = t(`property.files.kinds.${file.kind}`);
  return plain(file.title).includes(plain(kind)) ? { kind: file.title, title: null } : { kind, title: file.title };
}

function FileLabel({ file }: { file: ProjectFile }) {
  const { kind, title } = fileLabel(file);
  return (
    <>
      <span className="project-file__kind">{kind}</span>
      {title && <span className="project-file__title">{title}</span>}
    </>
  );
}

function FileItem({ file, lockedText, register }: { file: ProjectFile; lockedText: string; register: string }) {
  if (file.url)
    return (
      <li className="project-file">
        <a className="project-file__link" href={file.url} download>
          <PropertyIcon name="download" />
          <FileLabel file={file} />
        </a>
      </li>
    );
  return (
    <li className="project-file project-file--locked">
      <PropertyIcon name="lock" />
      <FileLabel file={file} />
      <Link className="project-file__register" href={register}>
        {lockedText}
      </Link>
    </li>
  );
}

export function ProjectFiles({ files }: { files: FilesAnswer }) {
  const [here] = useLocation();
  const register = registerHref(useSection(), here);
  // The server's message when it locked something; SPEC §2's words otherwise.
  const lockedText = files.message ?? t('catalogue.files.locked');
  return (
    <ul className="project-files">
      {files.data.map((file) => (
        <FileItem key={file.id} file={file} lockedText={lockedText} register={register} />
      ))}
    </ul>
  );
}
