/**
 * Every catalog path the shop reads, in one place (the gateway's /api prefix is added by the client).
 * Routes: services/catalog/src/routes/** — contracts: proto-contracts catalog*.ts.
 */
const seg = encodeURIComponent;

export const catalogPaths = {
  products: () => '/catalog/products',
  productByUrl: (url: string) => `/catalog/products/by-url/${seg(url)}`,
  /** the tabs of a product, each with its detail lists (one call) */
  productDetails: (productId: string) => `/catalog/products/${seg(productId)}/details`,
  productCoaches: (productId: string) => `/catalog/products/${seg(productId)}/coaches`,
  productBankAccounts: (productId: string) => `/catalog/products/${seg(productId)}/bank-accounts`,
  /** spec 02 §4 "Product price lookup by date": the signed-in member's prices (anonymous: none) */
  productPrices: (productId: string) => `/catalog/products/${seg(productId)}/prices`,
  coaches: () => '/catalog/coaches',
  coach: (coachId: string) => `/catalog/coaches/${seg(coachId)}`,
  coachProducts: (coachId: string) => `/catalog/coaches/${seg(coachId)}/products`,
  instructors: () => '/catalog/instructors',
} as const;
