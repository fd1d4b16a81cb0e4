import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../shared/languages';
import { systemLanguage } from './i18n';

const languageKey = ['settings', 'language'] as const;

/** The language the owner chose in Account (saved by main), or null to follow the system. */
export async function chosenLanguage(): Promise<Language | null> {
  const result = await window.schooldesk.settings.language();
  return result.ok ? result.data.chosen : null;
}

/**
 * The language now shown, the owner's choice (null: the system's) and a way to change it; the
 * choice is saved by main, so it holds in both hosts and after a restart.
 */
export function useLanguage(): {
  language: Language;
  chosen: Language | null;
  system: Language;
  choose: (language: Language | null) => void;
} {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const chosen = useQuery({ queryKey: languageKey, queryFn: chosenLanguage }).data ?? null;
  const save = useMutation({
    mutationFn: async (language: Language | null) => {
      await i18n.changeLanguage(language ?? systemLanguage());
      const result = await window.schooldesk.settings.setLanguage({ language });
      return result.ok ? result.data.chosen : language;
    },
    onSuccess: (saved) => queryClient.setQueryData(languageKey, saved),
  });
  return {
    language: isLanguage(i18n.language) ? i18n.language : 'en',
    chosen,
    system: systemLanguage(),
    choose: (language) => save.mutate(language),
  };
}
