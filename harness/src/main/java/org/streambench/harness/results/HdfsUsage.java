package org.streambench.harness.results;

/**
 * What a run with checkpoints on HDFS left there and wrote, by HDFS's own figures: the NameNode's
 * content summary of the run's checkpoint directory at the end of the run (what the engine's last
 * retained checkpoints hold) and the DataNode's counters over the run (every checkpoint written,
 * including those the engine has since deleted). The DataNode's are known only on the Hadoop the
 * harness started, whose one DataNode holds every block; -1 where unknown.
 *
 * @param uri the run's checkpoint directory
 * @param files files under it at the end
 * @param bytes bytes under it at the end (before replication)
 * @param dataNodeBytesWritten bytes the DataNode wrote during the run
 * @param dataNodeBlocksWritten blocks the DataNode wrote during the run
 */
public record HdfsUsage(
    String uri, long files, long bytes, long dataNodeBytesWritten, long dataNodeBlocksWritten) {}
