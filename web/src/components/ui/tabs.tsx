import type { ComponentProps } from 'react';
import { Tabs as RadixTabs } from 'radix-ui';
import './tabs.css';

export const Tabs = RadixTabs.Root;

export function TabsList({ className, ...rest }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={['tabs__list', className].filter(Boolean).join(' ')} {...rest} />;
}

export function TabsTrigger({ className, ...rest }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={['tabs__trigger', className].filter(Boolean).join(' ')} {...rest} />;
}

export function TabsContent({ className, ...rest }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={['tabs__content', className].filter(Boolean).join(' ')} {...rest} />;
}
