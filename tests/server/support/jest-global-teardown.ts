import { dropTemplates } from './database-templates'

/** Jest's global tear-down: the templates go once every test has run. */
export default dropTemplates
