import { costRows, costTableYear } from "~/content/costs";

/** The published cost ranges. On narrow screens each row stacks into a labelled card. */
export function CostTable() {
  return (
    <div className="not-prose my-8 overflow-hidden rounded-card border border-mortar-200 bg-white shadow-card">
      <table className="cost-table w-full border-collapse text-left">
        <caption className="bg-soot-950 px-5 py-3 text-left font-semibold text-mortar-50">
          Typical chimney repair costs in Bloomington, IL ({costTableYear})
        </caption>
        <thead className="bg-mortar-100 text-sm tracking-wide text-soot-900 uppercase">
          <tr>
            <th scope="col" className="px-5 py-3">
              Service
            </th>
            <th scope="col" className="px-5 py-3">
              Typical cost
            </th>
            <th scope="col" className="px-5 py-3">
              What it covers
            </th>
          </tr>
        </thead>
        <tbody>
          {costRows.map((row) => (
            <tr key={row.service} className="border-t border-mortar-200">
              <th scope="row" className="px-5 py-3 font-semibold text-soot-950">
                {"link" in row && row.link ? (
                  <a href={row.link} className="rich-link">
                    {row.service}
                  </a>
                ) : (
                  row.service
                )}
              </th>
              <td data-label="Typical cost" className="px-5 py-3 font-bold text-brick-800 sm:whitespace-nowrap">
                {row.costRange}
              </td>
              <td data-label="What it covers" className="px-5 py-3 text-soot-800">
                {row.description}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
