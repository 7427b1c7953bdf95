import { recipeContracts, recipeDocumentContracts } from '@pharmacy/shared';
import { callApi } from '../../../lib/http';
import { useQuery } from '../../../lib/use-query';
import { recipeKeys } from './recipe-keys';

/** One of the doctor's prescriptions, whole. */
export function useRecipeDetail(id: number) {
  return useQuery({
    queryKey: recipeKeys.detail(id),
    queryFn: ({ signal }) => callApi(recipeContracts.doctorDetail, { id }, { signal }),
    enabled: id > 0,
  });
}

/**
 * Opens the printable prescription (A5 PDF) in a new tab: the tab is opened at once (a popup opened after the
 * download would be blocked), then pointed at the downloaded file.
 */
export async function openRecipePdf(id: number) {
  const tab = window.open('', '_blank');
  try {
    const blob = (await callApi(recipeDocumentContracts.doctorPdf, { id }, { save: false })) as Blob;
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
