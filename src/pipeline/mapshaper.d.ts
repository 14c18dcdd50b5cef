// mapshaper ships no types; the pipeline uses only applyCommands.
declare module 'mapshaper' {
  const mapshaper: {
    applyCommands(commands: string, input?: Record<string, unknown>): Promise<Record<string, string | Buffer>>;
  };
  export default mapshaper;
}
