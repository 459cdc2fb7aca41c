// The open windows as the owner picks one (booking for a caller, moving a visit): a day to a fieldset, radio buttons.
export type DayChoices = { day: string; label: string; windows: { value: string; label: string }[] };

export function WindowChoices({ days, boxed = false }: { days: readonly DayChoices[]; boxed?: boolean }) {
  return days.map((d) => (
    <fieldset key={d.day} className={boxed ? "rounded-xl border border-mortar-200 bg-white p-3" : undefined}>
      <legend className={boxed ? "px-1 font-bold" : "font-bold"}>{d.label}</legend>
      {/* One to a row on a phone: two would not hold "10 am–12 pm" beside its button. */}
      <div className="mt-1 grid gap-2 min-[420px]:grid-cols-2 md:grid-cols-4">
        {d.windows.map((w) => (
          <label
            key={w.value}
            className="flex min-h-11 items-center gap-2 rounded-lg border-2 border-mortar-300 px-2 font-semibold has-[:checked]:border-soot-950 has-[:checked]:bg-mortar-100"
          >
            <input type="radio" name="window" value={w.value} required className="size-5 shrink-0" />
            <span className="whitespace-nowrap">{w.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  ));
}
