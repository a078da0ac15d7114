import { createSqliteCatalog } from "@lexnav/catalog";
import { describeCatalogContract } from "./catalog-contract.ts";

describeCatalogContract("sqlite (embedded)", () => createSqliteCatalog(":memory:"));
