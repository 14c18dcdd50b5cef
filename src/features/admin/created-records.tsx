import { useQuery } from '@tanstack/react-query';
import { provinceQueries } from '../../api/provinces.ts';
import { hasRegionId, regionQueries } from '../../api/regions.ts';
import { QueryState } from '../../ui/query-state.tsx';

/** Where a created record is shown in the explorer. */
export interface ShowTarget {
  region: string;
  province?: string;
}

/**
 * The records created through the API, as the API lists them (not a copy kept by the client): the regions and
 * provinces that carry a creation time. Each opens in the explorer.
 */
export function CreatedRecords({ onShow }: { onShow: (target: ShowTarget) => void }) {
  const regions = useQuery(regionQueries.list());
  const provinces = useQuery(provinceQueries.list());
  return (
    <section aria-labelledby="created-title" className="created">
      <h3 id="created-title">Created through the API</h3>
      <QueryState query={regions} what="regions">
        {(r) => (
          <QueryState query={provinces} what="provinces">
            {(p) => {
              const createdRegions = r.data.filter((region) => region.created_at);
              const createdProvinces = p.data.filter((province) => province.created_at);
              if (!createdRegions.length && !createdProvinces.length) {
                return <p className="panel-status">Nothing yet.</p>;
              }
              const regionOf = (id: string) => r.data.find((region) => hasRegionId(region, id));
              return (
                <ul className="list" aria-label="Created records">
                  {createdRegions.map((region) => (
                    <li key={`r-${region.id}`}>
                      <button type="button" onClick={() => onShow({ region: String(region.id) })}>
                        {region.name}
                        <span className="tag">region · {region.code}</span>
                      </button>
                    </li>
                  ))}
                  {createdProvinces.map((province) => {
                    const region = regionOf(province.region_id);
                    return (
                      <li key={`p-${province.id}`}>
                        <button
                          type="button"
                          onClick={() =>
                            onShow({ region: String(region?.id ?? province.region_id), province: province.id })
                          }
                        >
                          {province.name}
                          <span className="tag">
                            province · {province.code}
                            {region && ` · ${region.name}`}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </section>
  );
}
