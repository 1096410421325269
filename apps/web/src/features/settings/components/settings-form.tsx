import type { UserSettings } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { useText } from '@/i18n/use-text';
import { errorMessage } from '@/lib/errors';
import { useGetSettingsQuery, useUpdateSettingsMutation } from '@/features/auth/api/auth-api';
import { SETTINGS_SECTIONS, SETTINGS_TEXT } from '../settings-copy';
import { DoNotDisturbForm } from './do-not-disturb-form';

type Theme = UserSettings['chat']['theme'];
const THEMES: Theme[] = ['light', 'dark', 'system'];

/** Every change is saved to the server at once; a refused change is put back and explained. */
export function SettingsForm() {
  const { data: settings, isLoading, isError } = useGetSettingsQuery();
  const [updateSettings] = useUpdateSettingsMutation();
  const t = useText();

  if (isLoading) return <p className="text-muted-foreground" role="status">{SETTINGS_TEXT.loading}</p>;
  if (isError || !settings) return <p className="text-destructive">{SETTINGS_TEXT.loadFailed}</p>;

  const save = async (next: UserSettings): Promise<boolean> => {
    const result = await updateSettings(next);
    if ('error' in result) {
      toast({ variant: 'destructive', title: SETTINGS_TEXT.saveFailed, description: errorMessage(result.error, '') || undefined });
      return false;
    }
    return true;
  };

  const setValue = (section: keyof UserSettings, key: string, value: boolean | Theme) =>
    save({ ...settings, [section]: { ...settings[section], [key]: value } } as UserSettings);

  return (
    <div className="space-y-6">
      {SETTINGS_SECTIONS.map((section) => (
        <Card key={section.key} className="p-5">
          <h2 className="text-lg font-semibold">{t(section.title)}</h2>
          <ul className="mt-4 divide-y">
            {section.key === 'chat' ? (
              <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span id="theme-label" className="text-sm font-medium">
                  {SETTINGS_TEXT.theme}
                </span>
                <Segmented
                  labelledBy="theme-label"
                  options={THEMES.map((theme) => ({ value: theme, label: SETTINGS_TEXT.themes[theme] }))}
                  value={settings.chat.theme}
                  onChange={(theme) => void setValue('chat', 'theme', theme)}
                />
              </li>
            ) : null}
            {section.items.map((item) => {
              const inputId = `setting-${section.key}-${item.key}`;
              const checked = (settings[section.key] as unknown as Record<string, boolean>)[item.key];
              return (
                <li key={item.key} className="flex items-center justify-between gap-4 py-3">
                  <div>
                    <Label htmlFor={inputId}>{t(item.label)}</Label>
                    <p className="mt-1 text-xs text-muted-foreground">{t(item.description)}</p>
                  </div>
                  <Switch id={inputId} checked={checked} onCheckedChange={(value) => void setValue(section.key, item.key, value)} />
                </li>
              );
            })}
          </ul>
          {section.key === 'notifications' ? <DoNotDisturbForm settings={settings} save={save} /> : null}
        </Card>
      ))}
    </div>
  );
}
