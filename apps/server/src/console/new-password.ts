import { passwordProblem } from '../auth/password-rules.js';
import { consoleError } from './errors.js';

/** Throws INVALID_INPUT naming `field` when `password` may not be chosen by the owner of `email`. */
export function checkNewPassword({
  password,
  email,
  field,
}: {
  password: string;
  email: string;
  field: string;
}) {
  const problem = passwordProblem({ password, email });
  if (problem) throw consoleError({ code: 'INVALID_INPUT', field, message: `\`${field}\` ${problem}.` });
}
