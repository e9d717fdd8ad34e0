// 8. People and access: users (search, filter by role, add), a user's page with their roles, application passwords
// and API keys with scopes (created with the secret shown once, revoked after asking).
import { Route, Switch } from 'wouter';
import { NotFound } from '../../layout/NotFound.tsx';
import { UserPage } from './UserPage.tsx';
import { UsersList } from './UsersList.tsx';

export default function PeopleScreen() {
  return (
    <Switch>
      <Route path="/">
        <UsersList />
      </Route>
      <Route path="/users/:id">{({ id }) => <UserPage id={Number(id)} />}</Route>
      <Route>
        <NotFound />
      </Route>
    </Switch>
  );
}
