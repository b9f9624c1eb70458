import { describe, expect, it } from 'vitest';
import { defaultPortalConfig, portalConfigPatchSchema, portalConfigSchema, readPortalConfig } from './portal-config';

describe('portal configuration (spec 3)', () => {
  it('has the spec defaults', () => {
    expect(defaultPortalConfig()).toMatchObject({
      companyName: 'Your Company',
      primaryColor: '#3B82F6',
      backgroundColor: '#F9FAFB',
      secondaryColor: '#F9FAFB',
      logoUrl: '',
      customMessage: 'Welcome! Check your project status below.',
      title: 'Client Status Tracker',
      welcomeMessage: 'Track the status of your project with us',
      fontFamily: 'Inter',
      showEstimatedCompletion: true,
      showPriority: true,
      showNotes: true,
      allowClientUpdates: false,
      requireVerification: false,
      emailNotifications: true,
      enableNotifications: false,
      customDomain: '',
    });
    expect(defaultPortalConfig('Harbour Tax').companyName).toBe('Harbour Tax');
  });

  it('refuses colours and logo addresses that could carry script or CSS', () => {
    expect(portalConfigSchema.safeParse({ primaryColor: 'red;background:url(x)' }).success).toBe(false);
    expect(portalConfigSchema.safeParse({ logoUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(portalConfigSchema.safeParse({ logoUrl: 'https://cdn.example.com/logo.png' }).success).toBe(true);
    expect(portalConfigPatchSchema.parse({ showNotes: false })).toEqual({ showNotes: false });
  });

  it('reads a stored configuration with defaults for missing or invalid fields', () => {
    const read = readPortalConfig({ companyName: 'Acme', primaryColor: 'nope', extra: 1 });
    expect(read.companyName).toBe('Acme');
    expect(read.primaryColor).toBe('#3B82F6');
    expect('extra' in read).toBe(false);
    expect(readPortalConfig(null)).toEqual(defaultPortalConfig());
  });
});
