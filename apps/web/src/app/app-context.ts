import { createContext, useContext } from 'react';
import type { ConsoleApp } from './lifecycle';

export const ConsoleAppContext = createContext<ConsoleApp | null>(null);

/** The running app (null in tests that render parts of the shell alone). */
export const useConsoleApp = () => useContext(ConsoleAppContext);
