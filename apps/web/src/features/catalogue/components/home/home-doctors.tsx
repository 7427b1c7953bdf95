import type { PublicDoctor } from '@pharmacy/shared';
import { useState } from 'react';
import { Section } from '../../../../components/catalogue-blocks/section';
import { useDoctors } from '../../api/get-doctors';

const AVATAR = 48;

/** The doctor's head image; without one (or when it fails to load), the name's first character in a circle. */
function DoctorAvatar({ doctor }: { doctor: PublicDoctor }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = doctor.avatar_url;
  if (src && failed !== src) {
    return (
      <img
        src={src}
        alt={`${doctor.name}的头像`}
        width={AVATAR}
        height={AVATAR}
        loading="lazy"
        style={{ borderRadius: '50%' }}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${doctor.name}的头像`}
      style={{
        flex: 'none',
        width: AVATAR,
        height: AVATAR,
        borderRadius: '50%',
        background: '#e6f4ff',
        color: '#1261d6',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 20,
        fontWeight: 600,
      }}
    >
      {[...doctor.name.trim()][0] ?? '医'}
    </span>
  );
}

/** 医生团队: the platform's active doctors (public `GET /mp/manager/doctor/list`, sent inside the home page's HTML). */
export function HomeDoctors() {
  const { data, isLoading, isError } = useDoctors();
  return (
    <Section title="医生团队" loading={isLoading} error={isError} empty={data?.length === 0}>
      <ul className="cat-rank" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data?.map((d) => (
          <li key={d.id} className="cat-rank-item" style={{ alignItems: 'flex-start' }}>
            <DoctorAvatar doctor={d} />
            <span style={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <span className="cat-ellipsis">
                <strong>{d.name}</strong>
                {d.title ? <span className="cat-muted"> · {d.title}</span> : null}
              </span>
              <span className="cat-muted cat-ellipsis" style={{ fontSize: 12 }}>
                {[d.hospital, d.department].filter(Boolean).join(' · ') || '平台执业医生'}
              </span>
              {d.intro ? (
                <span
                  className="cat-muted"
                  style={{
                    fontSize: 12,
                    display: '-webkit-box',
                    WebkitLineClamp: 2,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {d.intro}
                </span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
