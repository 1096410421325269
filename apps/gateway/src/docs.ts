import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/**
 * OpenAPI at /api/docs. Controllers give the routes; the request schemas come from the same
 * class-validator rules the server enforces, so the documentation cannot drift from them. The
 * document is built at its first request, not at start-up: a restarting gateway serves its
 * reconnecting sockets that much sooner.
 */
export function setupApiDocs(app: INestApplication) {
  const build = () => {
    const config = new DocumentBuilder()
      .setTitle('Chat community and expert marketplace API')
      .setDescription(
        [
          'REST API of the gateway. Sessions are an httpOnly cookie named "sid". The /ws socket protocol is in docs/ws-protocol.md.',
          'Sign-in providers (OpenID Connect, configured by OIDC_PROVIDERS and OIDC_<ID>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _NAME in auth-svc):',
          'GET /api/auth/oidc/providers lists them; POST /api/auth/oidc/{provider}/start answers the provider\'s page for the browser to open;',
          'the provider sends the browser to GET /api/auth/oidc/{provider}/callback, which answers a redirect (signed in, or /auth/provider#sign-up=,',
          '#two-step= or #error=); a new identity\'s account is made by POST /api/auth/oidc/sign-up with its username.',
        ].join(' '),
      )
      .setVersion('1.0')
      .addCookieAuth('sid')
      .build();
    const document = SwaggerModule.createDocument(app, config);
    const schemas = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' });
    document.components = document.components ?? {};
    document.components.schemas = { ...(document.components.schemas ?? {}), ...(schemas as object) };
    return document;
  };
  SwaggerModule.setup('api/docs', app, build, { jsonDocumentUrl: 'api/docs/openapi.json' });
}
