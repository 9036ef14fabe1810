// The similar projects at the page's foot (SimilarProjects.tsx) as a part the
// browser takes over when it is needed (LazySimilarProjects.browser.tsx,
// lib/island.tsx): the server's cards and links work as they are meanwhile,
// and the section's code is not in the property page's first load.
import { framed } from '../../lib/island-frame.tsx';
import { SimilarProjects as Similar } from './SimilarProjects.tsx';

export const SimilarProjects = framed(Similar);
