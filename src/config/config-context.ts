import { createContext, useContext } from 'react';
import type { AppConfig } from './config.ts';

/** The configuration the page's entry made, for the components (src/app/boot.tsx provides it). */
export const ConfigContext = createContext<AppConfig | null>(null);

export function useConfig(): AppConfig {
  const config = useContext(ConfigContext);
  if (!config) throw new Error('useConfig: no configuration given (render inside <ConfigContext value={config}>)');
  return config;
}
