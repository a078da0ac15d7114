import { openSqliteDatabase } from "@lexnav/catalog";
import { createSqliteVectorStore } from "@lexnav/retrieval";
import { describeVectorStoreContract } from "./vector-store-contract.ts";

describeVectorStoreContract("sqlite-vec (embedded)", () => createSqliteVectorStore(openSqliteDatabase(":memory:")));
