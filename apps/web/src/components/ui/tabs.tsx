import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

export type TabsListProps = ComponentProps<typeof TabsPrimitive.List> & {
  /** More tabs than a phone's width: they wrap onto a second row, every one in sight, instead of squeezed labels or a sideways swipe. */
  wrap?: boolean;
};

export function TabsList({ className, wrap = false, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      className={cn(
        'w-full rounded-lg bg-muted p-1',
        wrap ? 'flex flex-wrap gap-1 [&>*]:whitespace-nowrap' : 'grid grid-flow-col',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition',
        'data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('mt-4 focus-visible:outline-none', className)} {...props} />;
}
