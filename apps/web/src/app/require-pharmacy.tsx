import type { Role } from '@pharmacy/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result, Typography } from 'antd';
import { type ComponentType, type ReactNode, useId } from 'react';
import { useNavigate } from 'react-router';
import { switchPharmacy } from '../features/auth/lib/switch-pharmacy';
import { toast } from '../lib/feedback';
import { useSessionStore } from '../lib/session-store';
import { needsPharmacyChoice } from './guards';

const SWITCH_PATH = '/pharmacy/switch-pharmacy';
const noRoles: readonly Role[] = [];

/**
 * What a pharmacy-scoped page shows while no pharmacy is chosen: the page's title, 请先选择药店, the user's pharmacies
 * to choose in place (the page then renders) and 切换药店 (the page listing them with their status).
 */
export function ChoosePharmacy({ title }: { title: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pharmacies = useSessionStore((s) => s.pharmacies);
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title id={titleId} level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Result
        status="info"
        title="请先选择药店"
        subTitle="本页的数据属于某一家药店，选择要操作的药店后即可查看。"
        extra={
          <Flex vertical align="center" gap={12}>
            {pharmacies.length > 0 ? (
              <Flex wrap justify="center" gap={8}>
                {pharmacies.map((p) => (
                  <Button
                    key={p.id}
                    aria-label={`切换到 ${p.name}`}
                    onClick={() => {
                      if (switchPharmacy(queryClient, p)) toast.success(`已切换到 ${p.name}`);
                    }}
                  >
                    {p.name}
                  </Button>
                ))}
              </Flex>
            ) : null}
            <Button
              type="primary"
              href={SWITCH_PATH}
              onClick={(e) => {
                e.preventDefault();
                navigate(SWITCH_PATH);
              }}
            >
              切换药店
            </Button>
          </Flex>
        }
      />
    </section>
  );
}

/** A pharmacy-scoped page's content, or ChoosePharmacy while the user must choose a pharmacy first. */
export function RequirePharmacy({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  const roles = useSessionStore((s) => s.userInfo?.roles ?? noRoles);
  const pharmacyId = useSessionStore((s) => s.currentPharmacy?.id ?? null);
  if (needsPharmacyChoice(path, true, roles, pharmacyId)) return <ChoosePharmacy title={title} />;
  return <>{children}</>;
}

/**
 * The router's component for a route marked `pharmacyScoped`: the page behind RequirePharmacy. The path is the
 * route's own (not the location's), so a kept-alive page hidden under another path decides for its own path.
 */
export function pharmacyScopedPage(Page: ComponentType, path: string, title: string): ComponentType {
  function PharmacyScopedPage() {
    return (
      <RequirePharmacy path={path} title={title}>
        <Page />
      </RequirePharmacy>
    );
  }
  PharmacyScopedPage.displayName = `PharmacyScoped(${Page.displayName ?? Page.name ?? 'Page'})`;
  return PharmacyScopedPage;
}
