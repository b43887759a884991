import { Router } from 'express';
import { identityApi } from '@salon/contracts';
import { authenticate, contextOf, parseInput } from '@salon/service-kit';
import { changeCustomerPassword } from '../domain/change-customer-password';
import { customerLogin } from '../domain/customer-login';
import { customerLogout } from '../domain/customer-logout';
import type { IdentityDeps } from '../domain/deps';
import { refreshCustomerTokens } from '../domain/refresh-customer-tokens';
import { registerCustomer } from '../domain/register-customer';
import { requestCustomerPasswordReset } from '../domain/request-customer-password-reset';
import { resetCustomerPassword } from '../domain/reset-customer-password';
import { resendVerificationCode } from '../domain/resend-verification-code';
import { verifyContact } from '../domain/verify-contact';
import { customerRegistrationView } from './customer-registration.view';
import { customerSessionView } from './customer-session.view';

export function customerAuthRoutes(deps: IdentityDeps): Router {
  const router = Router();
  const customer = authenticate(deps.verifier, { allow: ['customer'] });

  router.post('/customer/auth/register', async (req, res) => {
    const body = parseInput(identityApi.customerRegisterBody, req.body, 'body');
    res.status(201).json(customerRegistrationView(await registerCustomer(deps, contextOf(req), body)));
  });

  router.post('/customer/auth/login', async (req, res) => {
    const body = parseInput(identityApi.customerLoginBody, req.body, 'body');
    res.json(customerSessionView(await customerLogin(deps, contextOf(req), body)));
  });

  router.post('/customer/auth/refresh', async (req, res) => {
    const body = parseInput(identityApi.refreshBody, req.body, 'body');
    res.json(await refreshCustomerTokens(deps, contextOf(req), { refreshToken: body.refresh_token }));
  });

  router.post('/customer/auth/logout', customer, async (req, res) => {
    const { everywhere } = parseInput(identityApi.customerLogoutQuery, req.query, 'query');
    res.json(await customerLogout(deps, contextOf(req), { everywhere }));
  });

  router.post('/customer/auth/verify-email', customer, async (req, res) => {
    const { code } = parseInput(identityApi.verificationCodeBody, req.body, 'body');
    res.json(await verifyContact(deps, contextOf(req), { channel: 'email', code }));
  });

  router.post('/customer/auth/verify-phone', customer, async (req, res) => {
    const { code } = parseInput(identityApi.verificationCodeBody, req.body, 'body');
    res.json(await verifyContact(deps, contextOf(req), { channel: 'phone', code }));
  });

  router.post('/customer/auth/verify-email/resend', customer, async (req, res) => {
    parseInput(identityApi.verificationResendBody, req.body ?? {}, 'body');
    res.json(await resendVerificationCode(deps, contextOf(req), { channel: 'email' }));
  });

  router.post('/customer/auth/verify-phone/resend', customer, async (req, res) => {
    parseInput(identityApi.verificationResendBody, req.body ?? {}, 'body');
    res.json(await resendVerificationCode(deps, contextOf(req), { channel: 'phone' }));
  });

  router.post('/customer/auth/password/forgot', async (req, res) => {
    const body = parseInput(identityApi.customerPasswordForgotBody, req.body, 'body');
    res.json(await requestCustomerPasswordReset(deps, contextOf(req), body));
  });

  router.post('/customer/auth/password/reset', async (req, res) => {
    const body = parseInput(identityApi.customerPasswordResetBody, req.body, 'body');
    res.json(await resetCustomerPassword(deps, contextOf(req), body));
  });

  router.post('/customer/auth/password/change', customer, async (req, res) => {
    const body = parseInput(identityApi.customerPasswordChangeBody, req.body, 'body');
    res.json(await changeCustomerPassword(deps, contextOf(req), body));
  });

  return router;
}
