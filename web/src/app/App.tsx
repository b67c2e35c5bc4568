import { BrowserRouter } from 'react-router-dom';
import type { AppActors } from './app-actors';
import { AppActorsProvider } from './AppActorsProvider';
import { AppRoutes } from './AppRoutes';
import { ToastHost } from './ToastHost';

export function App({ actors }: { actors: AppActors }) {
  return (
    <AppActorsProvider actors={actors}>
      <BrowserRouter>
        <ToastHost />
        <AppRoutes />
      </BrowserRouter>
    </AppActorsProvider>
  );
}
