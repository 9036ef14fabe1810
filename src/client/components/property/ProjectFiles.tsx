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

function FileItem({ file, lockedText, register }: { file: ProjectFile; lockedText: string; register: string }) {
  const kind = t(`property.files.kinds.${file.kind}`);
  if (file.url)
    return (
      <li className="project-file">
        <a className="project-file__link" href={file.url} download>
          <PropertyIcon name="download" />
          <span className="project-file__kind">{kind}</span>
          <span className="project-file__title">{file.title}</span>
        </a>
      </li>
    );
  return (
    <li className="project-file project-file--locked">
      <PropertyIcon name="lock" />
      <span className="project-file__kind">{kind}</span>
      <span className="project-file__title">{file.title}</span>
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
