// indexer/part_writer.hpp — writing profiles into Xapian, and the scratch
// databases of a parallel build.
//
// A full rebuild (or a first build) of many files runs in parallel: each build
// thread parses a contiguous range of the files and writes its profiles into a
// PartWriter, a scratch database of its own inside the new generation's
// directory. IndexWriter::commit() merges the parts, in order, followed by the
// documents the writer itself holds, with Xapian's compaction (docids are
// renumbered in that order, so the result is the index a single thread would
// have written, compacted). See docs/index-layout.md.
//
// A part is written as a run of small segments (Lucene's word). Xapian buffers
// the postings and positions of a batch in maps keyed by term, and the bigger
// the batch, the slower every lookup in them: with a flush every 2,000
// documents, 38 % of a build's cycles were inside replace_document and 11 %
// in string compares (perf). Flushing every 250 documents keeps the maps
// small; keeping a segment to 10,000 documents keeps each flush's merge into
// the B-trees cheap however big the index gets. 10,000 generated profiles:
// 43 -> 33 s, peak memory 390 -> 92 MB, the same index. The part directory is
// a Xapian stub database listing its segments, so it opens (and compacts) as
// one database. Its spelling words are counted in memory and added to each
// segment as it is closed (indexer/spelling_counter.hpp): the same table as
// Xapian counting each word as it is indexed, for less work.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include <xapian.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/profile.hpp"
#include "indexer/document_builder.hpp"
#include "vocabulary/pair_terms.hpp"

namespace cvsearch::indexing {

/// A new generation written by the IndexWriter itself (one build thread) is
/// committed to disk every this many documents: readers cannot see it, and
/// bigger batches cost memory without being faster (XAPIAN-NOTES: 1000-5000
/// per commit).
inline constexpr std::size_t build_flush_every = 2000;

/// A part's segments: Xapian writes out its buffered changes every
/// `part_flush_every` documents (without fsync: a part is scratch, only the
/// compacted generation has to be durable), and a segment holds at most
/// `part_segment_docs` documents. Measured in bench/README.md ("fifth round").
inline constexpr std::size_t part_flush_every = 250;
inline constexpr std::size_t part_segment_docs = 10000;

/// Normalizes a copy of `profile` (canonical institutions and venues), builds
/// its document and adds it to `db`, replacing the document with the same id.
/// Throws Error(usage) for an empty id; Xapian errors pass through. With
/// `spelling`, the builder counts the document's words in that database's
/// spelling table from now on.
void write_profile(Xapian::WritableDatabase& db, DocumentBuilder& builder, const Profile& profile,
                   Xapian::WritableDatabase* spelling = nullptr);

/// One build thread's scratch database. Not thread-safe: one thread uses one
/// part; different parts may be written at the same time.
class PartWriter {
  public:
    /// Creates an empty part at `dir` (a directory); its documents get the pair
    /// terms of `pair_words` (those of the generation it is a part of).
    /// A segment holds at most `segment_docs` documents (0: part_segment_docs).
    PartWriter(std::filesystem::path dir, int reference_year, PairWords pair_words, std::size_t segment_docs = 0);

    /// As IndexWriter::put. Throws Error (Xapian errors are translated).
    void put(const Profile& profile);
    /// Removes a profile put earlier (a duplicate id found after it was
    /// written), with the spelling counts its words added, from whichever
    /// segment holds it.
    void remove(const Profile& profile);
    /// Commits and closes the last segment and writes the stub that lists the
    /// segments; `dir()` then opens as one database, ready to be merged.
    void finish();

    const std::filesystem::path& dir() const noexcept { return dir_; }
    /// How many segments the part has so far (at least one).
    std::size_t segments() const noexcept { return segments_; }

  private:
    std::filesystem::path segment_dir(std::size_t n) const;
    void open_segment();
    void remove_from(Xapian::WritableDatabase& db, const Profile& profile);

    std::filesystem::path dir_;
    Xapian::WritableDatabase db_;  ///< the last segment, the one being written
    DocumentBuilder builder_;
    int reference_year_;
    std::size_t segment_docs_;
    std::size_t segments_ = 0;
    std::size_t in_segment_ = 0;  ///< documents put into the last segment
};

/// What index_directory needs from an IndexWriter beyond its public API: to
/// build in parallel, and to choose a new index's pair words.
struct WriterParts {
    /// True if `writer` is building a new generation that no reader can see
    /// yet (a full rebuild or a first build): only then can it take parts.
    static bool accepts_parts(const IndexWriter& writer);
    /// A new, empty part of `writer`'s generation, in segments of
    /// `segment_docs` documents (0: part_segment_docs). Finish it
    /// (PartWriter::finish) before the writer's commit(), which merges every
    /// part made here, in the order they were made, ahead of the writer's own
    /// documents.
    static PartWriter make_part(IndexWriter& writer, std::size_t segment_docs = 0);
    /// Gives `writer`'s new generation its pair words (vocabulary/pair_terms.hpp),
    /// kept in its metadata at commit(). Only before anything was put into it
    /// (throws Error(internal) otherwise): every document must have them.
    static void set_pair_words(IndexWriter& writer, PairWords words);
    /// The pair words `writer` gives its documents (empty: none).
    static const PairWords& pair_words(const IndexWriter& writer);
};

}  // namespace cvsearch::indexing
