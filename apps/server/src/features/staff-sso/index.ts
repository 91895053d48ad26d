// The staff single sign-on feature's public entry: its routes, registered by app.ts (issue 44).
export { staffOidcRoutes } from './oidc-routes';
export { publicSsoRoute } from './public-sso-route';
export { idpCertificateExpiresAt, signInStatusRoute, staffSamlRoutes } from './saml-routes';
