// Entries of every form (or one), newest first.
import { ScreenHeader } from '../../components/ScreenHeader.tsx';
import { EntriesList } from './EntriesList.tsx';

export function EntriesTab() {
  return (
    <>
      <ScreenHeader
        title="Entries"
        description="What people sent through the site's forms. Entries hold personal data."
      />
      <EntriesList />
    </>
  );
}
