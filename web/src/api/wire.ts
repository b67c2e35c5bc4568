import { z } from 'zod';

/**
 * The shapes of the gateway answers the shell reads, parsed where received.
 * (Web-local until contracts/ exports the wire envelope; lenient on extra keys.)
 */
const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = text.optional().catch(undefined);

export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ code: z.coerce.number(), success: z.unknown().optional(), data, msg: z.string().optional() });

export const appConfig = z.object({
  captchaMode: z.boolean(),
  tenantMode: z.boolean(),
  switchMode: z.boolean(),
  defaultTenantId: z.string(),
  tokenTime: z.number(),
  productTitle: z.string(),
  /** Older gateways answer neither: the English title falls back, the zone is Asia/Shanghai. */
  productTitleEn: z.string().catch(''),
  utcOffsetMin: z.number().int().min(-720).max(840).catch(480),
  mapStyleUrl: z.string().catch(''),
  mapStyleDatum: z.enum(['wgs84', 'gcj02']).catch('wgs84'),
});
export type AppConfig = z.infer<typeof appConfig>;

export const captcha = z.object({ key: z.string(), image: z.string() });

export type Captcha = z.infer<typeof captcha>;

/** The bare snake_case token object (bladex-wire §3.2). */
export const tokenResponse = z.looseObject({
  access_token: optionalText,
  refresh_token: optionalText,
  token_type: optionalText,
  expires_in: z.number().optional().catch(undefined),
  tenant_id: optionalText,
  user_id: optionalText,
  dept_id: optionalText,
  role_id: optionalText,
  role_name: optionalText,
  account: optionalText,
  user_name: optionalText,
  real_name: optionalText,
  nick_name: optionalText,
  avatar: optionalText,
  oauth_id: optionalText,
  error_code: optionalText,
  error_description: optionalText,
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** A menu node of `menu/routes` and `menu/buttons` (bladex-wire §4.1 MenuVO). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  category: number;
  /** 2 opens in a new browser window. */
  isOpen: number;
  roles?: string[];
  meta?: { i18n?: string };
  children?: MenuNode[];
}

const rolesList = z
  .union([z.array(z.string()), z.string().transform((s) => s.split(',').filter(Boolean))])
  .optional()
  .catch(undefined);

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: text.catch(''),
    parentId: text.catch('0'),
    code: z.string().catch(''),
    name: z.string().catch(''),
    alias: z.string().catch(''),
    path: z.string().catch(''),
    source: z.string().catch(''),
    sort: z.coerce.number().catch(0),
    category: z.coerce.number().catch(1),
    isOpen: z.coerce.number().catch(1),
    roles: rolesList,
    meta: z.object({ i18n: z.string().optional() }).optional().catch(undefined),
    children: z.array(menuNode).optional(),
  }),
);

export const deptOption = z.object({ id: text, deptName: z.string() });
export const roleOption = z.object({ id: text, roleName: z.string() });
export type DeptOption = z.infer<typeof deptOption>;
export type RoleOption = z.infer<typeof roleOption>;

export const uploadResult = z.looseObject({ link: z.string() });
