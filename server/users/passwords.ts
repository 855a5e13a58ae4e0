/** Dashboard passwords: bcrypt (bcryptjs, cost 12). Never stored or logged in clear. */
import bcrypt from "bcryptjs";

export const MIN_PASSWORD_LENGTH = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 12);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
