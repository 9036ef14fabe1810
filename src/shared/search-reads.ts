// Hands the search pages' reads to the route table (routes.ts, provideSearchReads):
// imported for its effect by the server and by the page modules that show a search.
import { provideSearchReads } from './routes.ts';
import { DEFAULT_SEARCH, searchDataNeeds, searchNeeds } from './search-url.ts';

provideSearchReads({ DEFAULT_SEARCH, searchNeeds, searchDataNeeds });
