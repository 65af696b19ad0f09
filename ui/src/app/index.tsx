import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { setNavigator } from '../lib/navigation';
import { AppProvider } from './provider';
import { createRouter } from './router';

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(() => {
    const r = createRouter(client);
    setNavigator((path) => void r.navigate(path));
    return r;
  });
  return (
    <AppProvider client={client}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
