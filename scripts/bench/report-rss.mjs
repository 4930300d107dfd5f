// Preloaded into a measured process: on exit it prints its peak resident memory (kB) on stderr,
// where the import benchmark picks it up.
process.on('exit', () => {
  process.stderr.write(`\n@@peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
