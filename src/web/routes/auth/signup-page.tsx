import { messages } from '@core/messages';
import { DEFAULT_PLAN_ID, isSignupPlanId, type SignupPlanId } from '@core/plans';
import { signupAccountSchemaFor, signupBusinessInfoSchema, type PasswordPolicy, type SignupBusinessInfo } from '@core/validation/auth';
import { passwordWeakness } from '@core/validation/password-strength';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MailCheckIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { FieldError } from '@web/components/field-error';
import { Spinner } from '@web/components/spinner';
import { Alert, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { TimeZoneField } from '@web/features/account/components/time-zone-field';
import { browserTimeZone } from '@web/lib/date-time';
import { useSignUp } from '@web/features/auth/api/use-sign-up';
import { SocialSignInButtons } from '@web/features/auth/components/social-sign-in-buttons';
import { usePublicConfig } from '@web/features/config/api/use-public-config';
import { errorMessage } from '@web/lib/api-client';
import { paths } from '@web/lib/paths';
import { AuthCard, authLinkClass } from './auth-card';
import { fieldErrors } from '@web/lib/form-errors';
import { PlanPicker } from './plan-picker';
import { SignupStepIndicator, signupSteps } from './signup-step-indicator';
import { TextField } from '@web/components/text-field';

type Step = 1 | 2 | 3;

interface SignupValues {
  companyName: string;
  ownerName: string;
  email: string;
  phone: string;
  timeZone: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

type FieldName = keyof SignupValues;

const emptyValues: SignupValues = {
  companyName: '',
  ownerName: '',
  email: '',
  phone: '',
  timeZone: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/** Human text for the password policy, shown under the password field. */
function policyHint(policy: PasswordPolicy): string {
  const parts = [`At least ${policy.minLength} characters`];
  if (policy.requireNumber) parts.push('a number');
  if (policy.requireSpecial) parts.push('a special character');
  const lengthAndCharacters = parts.length === 1 ? `${parts[0]}.` : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}.`;
  return `${lengthAndCharacters} ${messages.password.strengthHint}`;
}

/** After the last step: the link in the e-mail confirms the address and signs in (decision 0021). */
function SignupCheckEmail({ email, platformName }: { email: string; platformName: string }) {
  return (
    <>
      <title>{`Check Your Email | ${platformName}`}</title>
      <AuthCard
        title="Check Your Email"
        icon={<MailCheckIcon aria-hidden="true" className="size-6" />}
        description={
          <>
            We have sent a link to <span className="font-medium text-foreground">{email}</span>. It confirms your address
            and signs you in to your new account. If the address already has an account, the e-mail says how to sign in.
          </>
        }
      >
        <div role="status" className="sr-only">
          {messages.signup.checkEmail}
        </div>
        <Button asChild className="w-full">
          <Link to={paths.login}>Go to Login</Link>
        </Button>
      </AuthCard>
    </>
  );
}

/** /signup (spec 2.10): Business Info, Create Account, Select Plan, then 'Check Your Email'. */
export function SignupPage() {
  const [searchParams] = useSearchParams();
  const { config } = usePublicConfig();
  const signUp = useSignUp();

  const planParam = searchParams.get('plan')?.toLowerCase();
  const [plan, setPlan] = useState<SignupPlanId>(isSignupPlanId(planParam) ? planParam : DEFAULT_PLAN_ID);
  const [step, setStep] = useState<Step>(1);
  const [values, setValues] = useState<SignupValues>(() => ({ ...emptyValues, timeZone: browserTimeZone() }));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [businessInfo, setBusinessInfo] = useState<SignupBusinessInfo | null>(null);
  const [checkingPassword, setCheckingPassword] = useState(false);
  /** Where the confirmation went, once the sign-up is sent (the answer is the same whether or not it has an account). */
  const [sentTo, setSentTo] = useState<string | null>(null);

  // Move focus to the new step's heading so keyboard and screen-reader users land on it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function update<K extends FieldName>(name: K, value: SignupValues[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    // Editing a field clears its error (spec 4).
    setErrors((e) => {
      if (!(name in e)) return e;
      const next = { ...e };
      delete next[name];
      return next;
    });
  }

  function submitBusinessInfo(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signupBusinessInfoSchema.safeParse({
      companyName: values.companyName,
      ownerName: values.ownerName,
      email: values.email,
      phone: values.phone,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusinessInfo(parsed.data);
    setStep(2);
  }

  async function submitAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signupAccountSchemaFor(config.passwordPolicy).safeParse({
      password: values.password,
      confirmPassword: values.confirmPassword,
      acceptTerms: values.acceptTerms,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    // The server's own rule (decision 0012), checked here so the wizard stops at the password, not at the end.
    setCheckingPassword(true);
    const related = businessInfo ? [businessInfo.email, businessInfo.ownerName, businessInfo.companyName] : [];
    const weakness = await passwordWeakness(parsed.data.password, related).finally(() => setCheckingPassword(false));
    if (weakness) {
      setErrors({ password: weakness });
      return;
    }
    setErrors({});
    setStep(3);
  }

  function submitPlan(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!businessInfo) {
      setStep(1);
      return;
    }
    signUp.mutate(
      {
        email: businessInfo.email,
        password: values.password,
        name: businessInfo.ownerName,
        companyName: businessInfo.companyName,
        phone: businessInfo.phone,
        plan,
        timeZone: values.timeZone,
        acceptTerms: true,
      },
      { onSuccess: () => setSentTo(businessInfo.email) },
    );
  }

  function back() {
    setErrors({});
    signUp.reset();
    setStep((s) => (s > 1 ? ((s - 1) as Step) : s));
  }

  if (sentTo !== null) return <SignupCheckEmail email={sentTo} platformName={config.platformName} />;

  const stepTitle = signupSteps[step - 1] ?? signupSteps[0];
  const stepDescription =
    step === 1
      ? 'Tell us about your business.'
      : step === 2
        ? 'Choose how you will sign in.'
        : 'Pick a plan. Every plan starts with a free trial, no card required.';

  return (
    <>
      <title>{`Sign Up | ${config.platformName}`}</title>
      <div className="w-full max-w-2xl">
        <p className="mb-6 text-center text-sm text-muted-foreground">
          Create your {config.platformName} account
        </p>
        <SignupStepIndicator step={step} />
        <AuthCard title={stepTitle} description={stepDescription} headingRef={headingRef} className={step === 3 ? 'max-w-2xl' : 'mx-auto'}>
          {step === 1 ? (
            <form noValidate onSubmit={submitBusinessInfo} className="space-y-5">
              <TextField
                id="signup-company-name"
                label="Company Name"
                autoComplete="organization"
                value={values.companyName}
                onChange={(e) => update('companyName', e.target.value)}
                error={errors.companyName}
              />
              <TextField
                id="signup-owner-name"
                label="Owner Name"
                autoComplete="name"
                value={values.ownerName}
                onChange={(e) => update('ownerName', e.target.value)}
                error={errors.ownerName}
              />
              <TextField
                id="signup-email"
                label="Email Address"
                type="email"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => update('email', e.target.value)}
                error={errors.email}
              />
              <TextField
                id="signup-phone"
                label="Phone Number"
                type="tel"
                autoComplete="tel"
                value={values.phone}
                onChange={(e) => update('phone', e.target.value)}
                error={errors.phone}
              />
              <TimeZoneField id="signup-timezone" value={values.timeZone} onChange={(zone) => update('timeZone', zone)} />
              <Button type="submit" className="w-full">
                Continue
              </Button>
            </form>
          ) : null}

          {step === 2 ? (
            <div className="space-y-5">
              <SocialSignInButtons providers={config.oauthProviders} verb="Sign up with" />
              <form noValidate onSubmit={(e) => void submitAccount(e)} className="space-y-5">
                <TextField
                  id="signup-password"
                  label="Password"
                  password
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(e) => update('password', e.target.value)}
                  error={errors.password}
                  hint={policyHint(config.passwordPolicy)}
                />
                <TextField
                  id="signup-confirm-password"
                  label="Confirm Password"
                  password
                  autoComplete="new-password"
                  value={values.confirmPassword}
                  onChange={(e) => update('confirmPassword', e.target.value)}
                  error={errors.confirmPassword}
                />
                <div className="space-y-2">
                  <div className="flex items-start gap-3">
                    <Checkbox
                      id="signup-accept-terms"
                      className="mt-0.5"
                      checked={values.acceptTerms}
                      onCheckedChange={(checked) => update('acceptTerms', checked === true)}
                      aria-invalid={errors.acceptTerms ? true : undefined}
                      aria-describedby={errors.acceptTerms ? 'signup-accept-terms-error' : undefined}
                    />
                    <Label htmlFor="signup-accept-terms" className="text-sm font-normal leading-snug">
                      I agree to the{' '}
                      <Link to={paths.termsOfService} className={authLinkClass} target="_blank" rel="noopener">
                        Terms of Service
                      </Link>{' '}
                      and{' '}
                      <Link to={paths.privacyPolicy} className={authLinkClass} target="_blank" rel="noopener">
                        Privacy Policy
                      </Link>
                    </Label>
                  </div>
                  <FieldError id="signup-accept-terms-error" message={errors.acceptTerms} />
                </div>
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <Button variant="outline" onClick={back}>
                    Back
                  </Button>
                  <Button type="submit" disabled={checkingPassword}>
                    {checkingPassword ? <Spinner /> : null} Continue
                  </Button>
                </div>
              </form>
            </div>
          ) : null}

          {step === 3 ? (
            <form noValidate onSubmit={submitPlan} className="space-y-6">
              <PlanPicker value={plan} onChange={setPlan} disabled={signUp.isPending} />
              {signUp.isError ? (
                <Alert variant="destructive">
                  <AlertTitle>We could not create your account</AlertTitle>
                  <p>{errorMessage(signUp.error, messages.signup.failed)}</p>
                </Alert>
              ) : null}
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                <Button variant="outline" onClick={back} disabled={signUp.isPending}>
                  Back
                </Button>
                <Button type="submit" disabled={signUp.isPending}>
                  {signUp.isPending ? (
                    <>
                      <Spinner /> Creating account...
                    </>
                  ) : (
                    'Complete Signup'
                  )}
                </Button>
              </div>
            </form>
          ) : null}
        </AuthCard>
        <div className="mt-6 space-y-3 text-center text-sm text-muted-foreground">
          <p>
            Already have an account?{' '}
            <Link to={paths.login} className={authLinkClass}>
              Sign in
            </Link>
          </p>
          <p>
            <Link to={paths.home} className={authLinkClass}>
              Back to home
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
