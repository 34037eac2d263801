import { CategoryName } from '@pos/core';
import { Plus, Tag, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { QueryStates } from '../../components/ui/query-states';
import { Skeleton } from '../../components/ui/skeleton';
import { EmptyState } from '../../components/ui/states';
import { useT } from '../../i18n';
import { errorDetail, errorMessage } from '../../lib/api';
import { useAddCategory, useDeleteCategory, useSettingsCategories } from './settings-screen.queries';

/** Categories (spec 001): an add box (Enter adds too) and a delete per category, each saved at once. */
export function CategoriesTab({ readOnly }: { readOnly: boolean }) {
  const t = useT();
  const categories = useSettingsCategories();
  const add = useAddCategory();
  const remove = useDeleteCategory();
  const [name, setName] = useState('');
  const trimmed = name.trim();

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CategoryName.safeParse(trimmed);
    if (!parsed.success || add.isPending) return;
    add.mutate(
      {
        name: parsed.data,
        count: categories.data?.length ?? 0,
        description: t('settings.categories.description', { name: parsed.data }),
      },
      {
        onSuccess: (category) => {
          setName('');
          toast.success(t('settings.categories.added', { name: category.name }));
        },
        onError: (error) =>
          toast.error(t('common.error'), { description: errorMessage(error, t('settings.categories.addError')) }),
      },
    );
  };

  const onDelete = (id: number, categoryName: string) =>
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('settings.categories.deleted', { name: categoryName }));
      },
      onError: (error) =>
        toast.error(t('common.error'), { description: errorMessage(error, t('settings.categories.deleteError')) }),
    });

  return (
    <div className="grid max-w-2xl gap-4">
      {/* Its own form: Enter here adds a category, it does not save the settings. */}
      <form onSubmit={onAdd} className="flex items-end gap-2">
        <FormField id="settings-new-category" label={t('settings.categories.newLabel')} className="flex-1">
          <Input
            id="settings-new-category"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            disabled={readOnly}
          />
        </FormField>
        <Button type="submit" disabled={readOnly || trimmed === '' || add.isPending}>
          <Plus aria-hidden />
          {t('settings.categories.add')}
        </Button>
      </form>
      <QueryStates
        query={categories}
        loading={
          <div className="grid gap-2" aria-hidden>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        }
        errorTitle={t('settings.categories.loadError')}
        errorMessage={errorDetail(categories.error)}
        empty={
          <EmptyState title={t('settings.categories.emptyTitle')} message={t('settings.categories.emptyMessage')} />
        }
      >
        {(list) => (
          <ul
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white"
            data-testid="settings-categories"
          >
            {list.map((category) => (
              <li key={category.id} className="flex items-center gap-3 px-4 py-1.5">
                <Tag className="size-4 shrink-0" style={{ color: category.color }} aria-hidden />
                <span className="min-w-0 flex-1 break-words text-slate-900">{category.name}</span>
                {category.product_count !== undefined ? (
                  <span className="text-sm text-slate-500 tabular-nums">
                    {t('settings.categories.products', { count: category.product_count })}
                  </span>
                ) : null}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('settings.categories.delete', { name: category.name })}
                  disabled={readOnly || (remove.isPending && remove.variables === category.id)}
                  onClick={() => onDelete(category.id, category.name)}
                  className="text-red-700 hover:bg-red-50"
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}
