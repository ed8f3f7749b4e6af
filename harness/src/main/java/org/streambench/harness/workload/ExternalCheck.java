package org.streambench.harness.workload;

import java.util.Map;
import org.streambench.verifier.Verdict;

/**
 * What a workload found outside Kafka after the run (ysb: the window counts in Redis).
 *
 * @param verdict the check of that state against what was generated
 * @param results figures to store with the run (e.g. YSB window latency)
 */
public record ExternalCheck(Verdict verdict, Map<String, Object> results) {}
