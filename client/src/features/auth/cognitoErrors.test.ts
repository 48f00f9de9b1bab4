import { describe, expect, it } from 'vitest';
import { createTranslator } from '#client/lib/i18n/I18nProvider.tsx';
import { tr } from '#client/lib/i18n/messages.tr.ts';
import { CognitoError } from './cognitoClient.ts';
import {
  resendErrorMessage,
  resetErrorMessage,
  sendCodeErrorMessage,
  signInErrorMessage,
  signUpErrorMessage,
  verifyErrorMessage,
} from './cognitoErrors.ts';

const t = createTranslator(tr);
const err = (code: string, message = 'service says no') => new CognitoError(code, message, 400);

describe('sign-in errors', () => {
  it('maps the catalogue exactly', () => {
    expect(signInErrorMessage(err('UserNotConfirmedException'), t)).toBe(
      'E-postanı doğrulamayı unuttun galiba! 📧',
    );
    expect(signInErrorMessage(err('NotAuthorizedException'), t)).toBe('E-mail ya da şifre yanlış 😔');
    expect(signInErrorMessage(err('UserNotFoundException'), t)).toBe("Bu e-mail'le kimse yok squad'da 🤔");
  });
  it('tells a throttled user in Turkish how long to wait', () => {
    // AWS Cognito gives no time: the server's window.
    expect(signInErrorMessage(err('LimitExceededException'), t)).toBe(
      'Çok fazla hatalı deneme oldu 🔒 15 dakika sonra tekrar dene ya da şifreni sıfırla.',
    );
    // The built-in provider's retryAfterSeconds, rounded up to minutes.
    const withWait = Object.assign(err('LimitExceededException'), { retryAfterSeconds: 61 });
    expect(signInErrorMessage(withWait, t)).toBe(
      'Çok fazla hatalı deneme oldu 🔒 2 dakika sonra tekrar dene ya da şifreni sıfırla.',
    );
  });
  it('tells the lockout (NotAuthorizedException "Password attempts exceeded", as AWS says it) from a wrong password', () => {
    expect(signInErrorMessage(err('NotAuthorizedException', 'Password attempts exceeded'), t)).toBe(
      'Çok fazla hatalı deneme oldu 🔒 15 dakika sonra tekrar dene ya da şifreni sıfırla.',
    );
    const withWait = new CognitoError('NotAuthorizedException', 'Password attempts exceeded', 400, 600);
    expect(signInErrorMessage(withWait, t)).toBe(
      'Çok fazla hatalı deneme oldu 🔒 10 dakika sonra tekrar dene ya da şifreni sıfırla.',
    );
    expect(signInErrorMessage(err('NotAuthorizedException', 'Incorrect username or password.'), t)).toBe(
      'E-mail ya da şifre yanlış 😔',
    );
  });
  it('never shows the service’s own words or an error name, only our texts', () => {
    expect(signInErrorMessage(err('TooManyRequestsException', 'Slow down'), t)).toBe(
      'Çok fazla hatalı deneme oldu 🔒 15 dakika sonra tekrar dene ya da şifreni sıfırla.',
    );
    expect(signInErrorMessage(err('SomethingNewException', 'SomethingNewException'), t)).toBe(
      'Bir şeyler ters gitti, retry! 😅',
    );
    expect(signInErrorMessage(err('NetworkError', 'Failed to fetch'), t)).toBe(
      'Bir şeyler ters gitti, retry! 😅',
    );
    expect(signInErrorMessage(new CognitoError('X', '', 400), t)).toBe('Bir şeyler ters gitti, retry! 😅');
    expect(signInErrorMessage(undefined, t)).toBe('Bir şeyler ters gitti, retry! 😅');
  });
});

describe('sign-up, send code, reset and resend errors', () => {
  it('sign-up: a duplicate, a weak password, throttling, or the fallback; never the service’s words', () => {
    expect(signUpErrorMessage(err('UsernameExistsException', 'User already exists'), t)).toBe(
      'Bu e-posta ile zaten bir hesap var. Giriş yapmayı dene ya da şifreni sıfırla 🙂',
    );
    expect(signUpErrorMessage(err('InvalidPasswordException', 'Password did not conform'), t)).toContain(
      'Şifre kurallara uymuyor',
    );
    expect(signUpErrorMessage(err('TooManyRequestsException', 'Rate exceeded'), t)).toContain(
      'Çok fazla deneme',
    );
    expect(signUpErrorMessage(err('UnknownThingException', 'UnknownThingException'), t)).toBe(
      'Bir sorun oldu, tekrar dene! 😔',
    );
    expect(signUpErrorMessage(err('NetworkError'), t)).toBe('Bir sorun oldu, tekrar dene! 😔');
  });
  it('send code', () => {
    expect(sendCodeErrorMessage(err('UserNotFoundException'), t)).toBe("Bu e-mail'le kimse yok squad'da 🤔");
    expect(sendCodeErrorMessage(err('LimitExceededException'), t)).toBe(
      'Too much spam ! Biraz bekle ve tekrar dene 😅',
    );
    expect(sendCodeErrorMessage(err('NetworkError'), t)).toBe('E-mail gönderilemedi, retry! 😔');
  });
  it('reset: an expired code restarts the flow', () => {
    expect(resetErrorMessage(err('CodeMismatchException'), t)).toEqual({
      message: 'Kod yanlış , tekrar dene! 🤔',
      restart: false,
    });
    expect(resetErrorMessage(err('ExpiredCodeException'), t)).toEqual({
      message: 'Kod expired olmuş! Yeni kod iste 😔',
      restart: true,
    });
    expect(resetErrorMessage(err('NetworkError'), t)).toEqual({
      message: 'Şifre reset edilemedi, retry! 😅',
      restart: false,
    });
  });
  it('resend', () => {
    expect(resendErrorMessage(err('LimitExceededException'), t)).toBe('Kod gönderilemedi, retry! 😔');
  });
  it('verification', () => {
    expect(verifyErrorMessage(err('CodeMismatchException'), t)).toContain('geçersiz');
    expect(verifyErrorMessage(err('NotAuthorizedException'), t)).toContain('zaten doğrulanmış');
    expect(verifyErrorMessage(err('UserNotFoundException'), t)).toContain('bulunamadı');
    expect(verifyErrorMessage(err('InternalErrorException', 'Boom'), t)).not.toContain('Boom');
  });
});
