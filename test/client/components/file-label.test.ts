// How the files list names a file (issue 23): its kind and its title, or the
// title alone when it says the kind already, so that "Floor plan  Floor plans"
// and "Floor plan  Floor plan, type A" no longer read as duplicates.
import t from 'tap';
import { fileLabel } from '../../../src/client/components/property/ProjectFiles.tsx';

t.same(
  fileLabel({ kind: 'brochure', title: 'Villas Dénia' }),
  { kind: 'Brochure', title: 'Villas Dénia' },
  'a title that names no kind: both',
);
t.same(fileLabel({ kind: 'floor_plan', title: 'Floor plans' }), { kind: 'Floor plans', title: null });
t.same(fileLabel({ kind: 'floor_plan', title: 'Floor plan, type A' }), { kind: 'Floor plan, type A', title: null });
t.same(
  fileLabel({ kind: 'price_list', title: 'PRICE LIST — Villas Dénia' }),
  { kind: 'PRICE LIST — Villas Dénia', title: null },
  'whatever the case',
);
t.same(
  fileLabel({ kind: 'brochure', title: 'Villas Dénia brochure' }),
  { kind: 'Villas Dénia brochure', title: null },
  'wherever in the title',
);
