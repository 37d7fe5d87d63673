import { ref } from 'vue'
import { request } from '@renderer/api'
import type { RequestOutput } from '@shared/contract'
import type { DocumentStructure, DocumentType } from '@shared/administration'
import type { CompanyRead } from './companyReads'

type Company = RequestOutput<'company.get'>

/** The company (the current entity) and the structure of its documents of the chosen type. */
export function useCompanyDocuments(companyRead: CompanyRead) {
  const company = ref<Company | null>(null)
  const companyLoader = companyRead(
    () => request('company.get'),
    (c) => (company.value = c),
    () => (company.value = null),
  )

  const documentType = ref<DocumentType>('contract')
  const structure = ref<DocumentStructure | null>(null)
  // A newer read supersedes a slow one for a type the user has since left (the loader drops its answer).
  const structureLoader = companyRead(
    () => request('documentStructures.get', { type: documentType.value }),
    (s) => (structure.value = s),
    () => (structure.value = null),
  )

  return { company, companyLoader, documentType, structure, structureLoader }
}
