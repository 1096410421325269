import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { COOKIE_TEXT } from '../legal-copy';
import { loadCookiePreferences, saveCookiePreferences, type CookiePreferences } from '../cookie-preferences';

const CATEGORIES: (keyof CookiePreferences)[] = ['essential', 'analytics', 'marketing', 'preferences'];

export function CookiePreferencesPanel() {
  const [preferences, setPreferences] = useState<CookiePreferences>(loadCookiePreferences);
  return (
    <Card className="p-5" aria-label={COOKIE_TEXT.title}>
      <h2 className="!mt-0 text-lg font-semibold">{COOKIE_TEXT.title}</h2>
      <ul className="mt-4 divide-y">
        {CATEGORIES.map((key) => (
          <li key={key} className="!ml-0 flex !list-none items-center justify-between gap-4 py-3">
            <div>
              <Label htmlFor={`cookie-${key}`}>{COOKIE_TEXT.categories[key]}</Label>
              <p className="mt-1 text-xs text-muted-foreground">{COOKIE_TEXT.hints[key]}</p>
            </div>
            <Switch
              id={`cookie-${key}`}
              checked={preferences[key]}
              disabled={key === 'essential'}
              onCheckedChange={(value) => setPreferences({ ...preferences, [key]: value, essential: true })}
            />
          </li>
        ))}
      </ul>
      <Button
        className="mt-4"
        onClick={() => {
          saveCookiePreferences(preferences);
          toast({ title: COOKIE_TEXT.saved, description: COOKIE_TEXT.savedHint });
        }}
      >
        {COOKIE_TEXT.save}
      </Button>
    </Card>
  );
}
