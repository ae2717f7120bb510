import { Router } from 'express';
import { clientOf } from '../../platform/http/service-auth';
import { CONSOLE_PAGES, mayOpen, rightName } from '../rights';
import { CONSOLE_API_PATH } from '../service';

/** Who the browser's certificate names, and which pages it may open (and what each needs): the console's menu. */
export function sessionRoutes(): Router {
  return Router().get(`${CONSOLE_API_PATH}/session`, (_request, response) => {
    const client = clientOf(response);
    response.json({
      client: client.id,
      name: client.name ?? null,
      pages: CONSOLE_PAGES.map((page) => ({ page, allowed: mayOpen(client, page), needs: rightName(page) })),
    });
  });
}
