/** The route matrix, shard 1 of 2 (tests/helpers/matrix/route-matrix-suite.ts says what it checks). */
import { routeMatrix } from "../helpers/matrix/route-matrix-suite";

routeMatrix({ shard: 0, shards: 2 });
