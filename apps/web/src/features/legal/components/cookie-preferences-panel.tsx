import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { toast } from '../../../components/ui/toast-store';
import { loadCookiePreferences, saveCookiePreferences, type CookiePreferences } from '../cookie-preferences';

const CATEGORIES: { key: keyof CookiePreferences; label: string; description: string }[] = [
  { key: 'essential', label: 'Essential', description: 'Keep you signed in and the site secure. Always on.' },
  { key: 'analytics', label: 'Analytics', description: 'Help us understand how the site is used so we can improve it.' },
  { key: 'marketing', label: 'Marketing', description: 'Used to show you relevant offers on other sites.' },
  { key: 'preferences', label: 'Preferences', description: 'Remember choices such as language and layout.' },
];

export function CookiePreferencesPanel() {
  const [preferences, setPreferences] = useState<CookiePreferences>(loadCookiePreferences);
  return (
    <Card className="p-5" aria-label="Cookie preferences">
      <h2 className="!mt-0 text-lg font-semibold">Cookie preferences</h2>
      <ul className="mt-4 divide-y">
        {CATEGORIES.map((category) => (
          <li key={category.key} className="!ml-0 flex !list-none items-center justify-between gap-4 py-3">
            <div>
              <Label htmlFor={`cookie-${category.key}`}>{category.label}</Label>
              <p className="mt-1 text-xs text-muted-foreground">{category.description}</p>
            </div>
            <Switch
              id={`cookie-${category.key}`}
              checked={preferences[category.key]}
              disabled={category.key === 'essential'}
              onCheckedChange={(value) => setPreferences({ ...preferences, [category.key]: value, essential: true })}
            />
          </li>
        ))}
      </ul>
      <Button
        className="mt-4"
        onClick={() => {
          saveCookiePreferences(preferences);
          toast({ title: 'Preferences saved', description: 'Your cookie choices are stored on this device.' });
        }}
      >
        Save preferences
      </Button>
    </Card>
  );
}
