/** The ten EDGAR agreements of docs/structure.md (base agreements, a restatement and amendments; 1995 and 2023). */
export const STRUCTURE_REPORT_FILES = [
  "0000950134-96-000040_2.html",
  "0000720032-96-000002_2.html",
  "0000912057-96-000124_5.html",
  "0000950117-96-000184_4.html",
  "0000950134-96-000714_4.html",
  "0000950144-96-000010_7.html",
  "0000950152-96-000050_2.html",
  "0001140361-23-000046_9.html",
  "0001193125-23-000686_2.html",
  "0001193125-23-000849_2.html",
];
