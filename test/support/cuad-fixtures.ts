import { corpusPath } from "./shared.ts";

/** CUAD contracts the stack tests ingest (read in place from the shared corpus), and a question about one. */
export const CUAD_FIXTURES = {
  verso: corpusPath("cuad", "VERSOTECHNOLOGIESINC_12_28_2007-EX-99.3-INTELLECTUAL PROPERTY AGREEMENT.txt"),
  sponsor: corpusPath("cuad", "PACIFICSYSTEMSCONTROLTECHNOLOGYINC_08_24_2000-EX-10.53-SPONSORSHIP AGREEMENT.txt"),
  vivint: corpusPath("cuad", "VIVINT SOLAR, INC. - NON-COMPETITION AGREEMENT.txt"),
  thrivent: corpusPath(
    "cuad",
    "ThriventVariableInsuranceAccountB_20190701_N-6_EX-99.D(IV)_11720968_EX-99.D(IV)_Endorsement Agreement.txt",
  ),
};

/** A question naming the VERSO agreement (by its parties) and asking for its governing law. */
export const ASK_VERSO =
  'Consider the INTELLECTUAL PROPERTY AGREEMENT between NMS COMMUNICATIONS CORP. ("Seller"), VERSO BACKHAUL SOLUTIONS, INC. ("Backhaul"); Which law governs this contract?';
