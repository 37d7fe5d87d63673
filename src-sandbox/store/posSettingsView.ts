import type { DomainTable } from './domainTable'

/**
 * The POS settings as GraphQL reads them: one row per entity (id = entity id),
 * a view over the settings the control door writes, so the two can never
 * disagree. The sandbox's settings are the demo company's, the same for both
 * entities.
 */
export const posSettingsView: DomainTable = {
  name: 'pos_settings',
  ddl: [
    `CREATE VIEW pos_settings AS
     SELECT e.id AS id, e.id AS entity_id,
       COALESCE((SELECT s.value = 'true' FROM sandbox_settings s WHERE s.key = 'filter_destinations_by_agency_category'), 0)
         AS filter_destinations_by_agency_category
     FROM entities e`,
  ],
}
