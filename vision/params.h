/* The tuned numbers of the classify stage (classify.c, stray.c) and the learned check
 * (points.c), each with what it guards against and on what kind of photo. The passes that use them
 * explain how, beside their code. Private to vision/. Units: lightness in % of the local board's
 * (the board's own lightness is 100); a and b in CIE Lab units relative to the board's; a line's
 * dip in grey levels (how much darker the printed line is than the wood beside it; a stone hides
 * it, so a stone's dip is about 0 or below); "the typical dip" is the median dip of the points read
 * empty on that photo; distances in cells of the lattice unless said otherwise. The patch geometry
 * of the learned classifier (VZ_PATCH_*) lives in vision_int.h, since the trainer and the benchmark
 * share it. */
#ifndef GOREF_VISION_PARAMS_H
#define GOREF_VISION_PARAMS_H

/* ---- the lattice image the classifier reads ---- */

/* Pixels a cell of the lattice image (CIE Lab): a stone's disc is about 20 pixels across, enough
 * for its top and rim and a line's dip to be told apart, few enough to warp a 19x19 board fast. */
#define CELL 20
/* Half the side of the square judged at a point (pixels of the lattice image): about the
 * sampling disc's radius, inside a stone's top whatever its lean. */
#define SETTLE_HALF 6

/* ---- the board's colour ---- */

/* On a crowded board most square centres are dark crevices between stones: the board's colour
 * is fitted starting from the samples near this quantile of lightness (the wood), */
#define BOARD_PCT 0.75
/* ... within this many L units of it (under a coloured lamp the crevices are only a little
 * darker than the wood, and a wider start takes them in), */
#define START_WIN 12
/* ... trimming samples beyond this many times the median residual (plus 4): wide enough to
 * follow a lamp that pales the wood at one side of the board. */
#define TRIM_K 4.5

/* ---- colour models fitted per photo ---- */

/* A class needs this many points to be modelled (two stones cannot define a colour), */
#define EM_MIN_POINTS 4
/* ... and the points are read again by the models at most this many rounds. */
#define EM_ROUNDS 3
/* A class of few points is shrunk toward a broad prior (weight in points, and the prior's
 * variance of lightness, a, b and dip) rather than collapsing onto its few points. */
#define EM_PRIOR_N 6.0
#define EM_PRIOR_VAR                                                                               \
    {                                                                                              \
        64.0, 16.0, 16.0, 25.0                                                                     \
    }
/* In the clusters' reading, a point whose lines do not show at all (dip under this) is not
 * taken off as empty by the models: under a lamp, pale stones on its side take the wood's
 * lightness and the broad empty class would swallow them. */
#define EM_KEEP_HIDDEN 0.0

/* ---- the lines' veto: a point whose lines show through is empty ---- */

/* The lines judge only from this many empty points, */
#define VETO_MIN_EMPTY 10
/* ... and only where their typical dip reaches this at all (the clusters and the stray pass ask
 * multiples of it). */
#define VETO_MIN_DIP 2.5
/* Typical dip from which the veto judges: fainter, a stone's own dip is noise as large as the
 * share asked, and dark stones would be taken off under a cyan or blue lamp. */
#define VETO_JUDGE 4.0
/* A stone whose both lines show this share of the typical dip is read empty: a black stone's
 * crevices and reflections show up to about 0.44 of it, a white stone on its point about 0.3;
 * glare and lit wood read white show 0.27 to 0.6. */
#define VETO_SHARE 0.45
#define VETO_SHARE_WHITE 0.35
/* A black point is judged only from this dip (where lines are faint a dark stone's noise reaches
 * the share), */
#define VETO_BLACK_FLOOR 3.0
/* ... and only when lighter than this: no shadow on the wood is darker, while a lattice a little
 * off a black stone's centre shows the wood's edge beside it as a line. */
#define VETO_BLACK_DARK 40.0
/* Where the lines are clear (typical dip from VETO_SHADE_LINES), a low light's shadow (25 to 45%
 * of the board's lightness) still shows them: there black points are judged from
 * VETO_SHADE_DARK inside the board and VETO_SHADE_EDGE_DARK on its edge (where a point's lines
 * run inward only and show beside a stone's rim), and shade taken off is not marked
 * (VETO_SHADE_CONF). */
#define VETO_SHADE_LINES 12.0
#define VETO_SHADE_DARK 30.0
#define VETO_SHADE_EDGE_DARK 35.0
#define VETO_SHADE_CONF 0.6f
/* In shade the lines' dip falls with the light: such a point is asked VETO_SHADE_CONTRAST times
 * its lightness as a share of the board's, and no less than VETO_SHADE_FLOOR (so that shadows
 * darker than 40% of the wood stay black rather than stones being taken off). */
#define VETO_SHADE_CONTRAST 0.9
#define VETO_SHADE_FLOOR 0.36
/* Where one half of a line through a point shows under this share of the typical dip, a stone
 * lies there off its point (a hurried hand): kept and marked, not taken off. Glare and lit wood
 * show the line on both sides (0.29 or more on each half); stones off their points 0.17 or less. */
#define VETO_HALF 0.2

/* ---- point-level corrections, each marked for a look ---- */

/* Where the lines are too faint for the veto (a pink or violet lamp), a point read white whose
 * dip is above FLAT_WHITE_DIP is flat wood, not a dome-shaped stone; not where the lines do not
 * show at all (typical dip under FLAT_WHITE_LINES), where a dip is only noise and shade. */
#define FLAT_WHITE_DIP 0.0
#define FLAT_WHITE_LINES 1.0
/* Light or a hand over the board's edge: an edge point read white whose margin beyond the edge
 * is as light as it (within OVER_EDGE_OUTER, % of the board) and lit (OVER_EDGE_LIT) with a flat
 * dip (OVER_EDGE_FLAT or more), or of its colour there and a cell further (OVER_EDGE_SAME, a and
 * b), is not a stone: a stone ends at the edge and the margin is wood. The margin is sampled in
 * discs of OVER_EDGE_DISC cells. */
#define OVER_EDGE_OUTER (-5.0)
#define OVER_EDGE_LIT 115.0
#define OVER_EDGE_FLAT (-1.5)
#define OVER_EDGE_DISC 0.12
#define OVER_EDGE_SAME 5.0
/* Glare mirrored in the varnish: a point read white, clipped (every channel from GLARE_CLIP)
 * over GLARE_POINT of its disc, with GLARE_SQUARES square centres beside it clipped over
 * GLARE_SQUARE of theirs, is glare (a stone, even pushed off its point, covers one such centre
 * at most); a white point beside it whose lines show GLARE_FRINGE of the typical dip is its
 * washed-out fringe. */
#define GLARE_CLIP 245
#define GLARE_POINT 0.5
#define GLARE_SQUARE 0.5
#define GLARE_SQUARES 2
#define GLARE_FRINGE 0.2
/* One set's black stones under one light are alike: points read black that fall BLACKS_APART
 * or more lighter than BLACKS_MIN darker ones, and show the lines (BLACKS_LINES of the typical
 * dip as their median), are long shadows under a low light. Over photos without such shadows
 * the largest gap is about 16: a thin margin. */
#define BLACKS_APART 20.0
#define BLACKS_MIN 5
#define BLACKS_LINES 0.1
/* A point read empty whose lines are hidden as a pale stone's dome hides them (its dip below
 * minus MARK_HIDDEN_SHARE of the typical and minus MARK_HIDDEN_MIN) stays empty but is marked:
 * pale stones under a coloured lamp take the wood's lightness and colour. */
#define MARK_HIDDEN_SHARE 0.3
#define MARK_HIDDEN_MIN 3.0
/* White stones are lighter than the empty points (on every photo read, by 9 points of the
 * board's lightness or more) or of another colour: a reading whose whites are INVERTED_BY darker
 * than its empty points, their colours under INVERTED_COLOUR apart, is inverted (a lamp that
 * gives white stones the wood's colour), from INVERTED_MIN points of each. */
#define INVERTED_MIN 5
#define INVERTED_BY 10.0
#define INVERTED_COLOUR 12.0

/* ---- the clusters: stones of colours the rule does not know ---- */

/* k-means rounds at most. */
#define CLUSTER_ROUNDS 12
/* Two stone clusters must lie CLUSTER_MIN_DL apart in lightness, and the lighter one
 * CLUSTER_MIN_APART prior spreads from the board's: one colour split in two, a one-coloured
 * crowd or uneven light must not pass for two colours. */
#define CLUSTER_MIN_DL 20.0
#define CLUSTER_MIN_APART 3.0
/* The lighter stones' median line dip must stay under this share of the typical dip (stones
 * hide the lines; wood read as stones does not). */
#define CLUSTER_LINES 0.3
/* The lighter stones' cluster is taken for the board when its lines show from CLUSTER_SWAP_DIP
 * and the board's cluster shows under CLUSTER_BOARD_DIP: under a coloured lamp the wood's colour
 * can be a stone cluster's, and the lines tell which is the wood. */
#define CLUSTER_SWAP_DIP (3 * VETO_MIN_DIP)
#define CLUSTER_BOARD_DIP (2 * VETO_MIN_DIP)
/* The board's cluster is seeded by the points its lines show through most when they show by this
 * much on average: on a crowded board under a coloured lamp the board's fitted colour can be a
 * stone cluster's. */
#define CLUSTER_SEED_DIP (2 * VETO_MIN_DIP)
/* How much more clearly the lines show through the board's cluster than through either stone
 * cluster, for the darkest cluster to be taken for a stone one. */
#define CLUSTER_DARK_APART VETO_MIN_DIP
/* Each feature's scale (lightness, a, b, dip) in the clusters' distance. */
#define CLUSTER_SCALE                                                                              \
    {                                                                                              \
        8.0, 4.0, 4.0, 5.0                                                                         \
    }
/* The board's colour is fitted again to the empty points the clusters found, from this many: on a
 * crowded board the first fit is mostly crevices. */
#define REFIT_MIN_EMPTY 20
/* ... but not when that fit comes out under this share of the first one's lightness: it is then
 * fitted to a low light's shadows, against which lit wood and white stones split. */
#define REFIT_SHADE 0.7
/* Each point's lightness is taken against the wood near it: the median of the LOCAL_NEAR
 * nearest empty points within LOCAL_REACH whose lines show (LOCAL_DIP), from LOCAL_MIN of them.
 * A fitted surface bends away from the wood in a corner crowded with stones under a lamp. */
#define LOCAL_NEAR 6
#define LOCAL_MIN 3
#define LOCAL_REACH 4.0
#define LOCAL_DIP (2 * VETO_MIN_DIP)

/* ---- where each point is read ---- */

/* A point's square settles where it is most even within SETTLE_REACH (a stone off its point, a
 * lattice a little off near the edge), pulled back by SETTLE_PULL (lightness units a squared
 * cell); the lattice's own error is the median over SETTLE_NEAR points around, from which each
 * settles again within SETTLE_FINE. */
#define SETTLE_REACH 0.25
#define SETTLE_FINE 0.1
#define SETTLE_NEAR 2
#define SETTLE_PULL 150.0
/* The reading's shift for the stones' lean is sought away from the camera only (a share toward
 * it under SHIFT_NEAR): toward the camera it lands on rims and shadows. */
#define SHIFT_NEAR 0.02
/* In the clusters' reading an edge point's edge line is also sought this many pixels (a fifth of
 * a cell) inward: a lattice fitted to the stones' tops can lie outside the board's edge. */
#define EDGE_LINE_INWARD 4

/* ---- stones off their points (stray.c) ---- */

/* Around a point read empty, a stone is sought STRAY_MIN..STRAY_MAX from it (nearer is its own
 * disc; further is the neighbour's stone), its centre STRAY_APART from every other stone's
 * (stones do not overlap; centres read from the most even squares come out up to 0.2 close),
 * and at most STRAY_EDGE beyond the outermost lines (a stone on the first line overhangs it). */
#define STRAY_MIN 0.4
#define STRAY_MAX 0.7
#define STRAY_APART 0.8
#define STRAY_EDGE 0.25
/* ... on one of the point's lines (within STRAY_ON_LINE), hiding it there (its dip under
 * STRAY_HIDDEN of the typical): a shadow on the wood still shows the line at 0.3 of its dip. */
#define STRAY_ON_LINE 0.3
#define STRAY_HIDDEN 0.15
/* The lines must show this clearly (typical dip) to tell a stone from wood between them. */
#define STRAY_LINES (2 * VETO_MIN_DIP)
/* In a tilted view, only across it: a stone's offset along the view at most 1 / STRAY_ACROSS of
 * its offset across (seen at an angle, stones' bodies reach toward the far edge). */
#define STRAY_ACROSS 2.0
/* Two stones read side by side whose centres lie within STRAY_ONE of each other and
 * STRAY_ONE_MID of their points' midpoint, each point STRAY_HALF spreads off its colour's
 * lightness, are one stone between the points, when the line beyond each shows STRAY_SEEN of
 * the typical dip (two real stones side by side hide it). */
#define STRAY_ONE 0.35
#define STRAY_ONE_MID 0.2
#define STRAY_HALF 2.0
#define STRAY_SEEN 0.5
/* A stone's centre: the most even square of its colour within STRAY_CENTRE of where it is read. */
#define STRAY_CENTRE 0.5
/* A square is of a class when within STRAY_WITHIN of its mean (per-feature spreads, no less
 * than STRAY_SD_FLOOR), the class having STRAY_MIN_CLASS points to learn from. */
#define STRAY_WITHIN 2.5
#define STRAY_SD_FLOOR 2.0
#define STRAY_MIN_CLASS 10
/* As even as the photo's stones of its colour: a spread up to STRAY_EVEN_BY times their
 * STRAY_EVEN quantile, and from STRAY_EVEN_LOW of their median (glare and hands are much more
 * even than stones). */
#define STRAY_EVEN 0.9
#define STRAY_EVEN_BY 1.2
#define STRAY_EVEN_LOW 0.5
/* The searches' step, pixels of the lattice image (a tenth of a cell). */
#define STRAY_STEP 2

/* ---- the learned check (points.c) ---- */

/* A board where the classifier reads another colour than the rule at this many points or more
 * is a doubtful board: one such point can be a lone odd spot (glare, a fleck), two or more say
 * that the rule's reading of this board is in doubt. */
#define POINTS_DOUBTFUL_BOARD 2
/* On a doubtful board, a point read empty beside (one of the eight around) a point where the
 * readers differ, and that the classifier gives less than this probability of being empty, is
 * marked too. The wrong points that both readers agree on are stones taken for wood (pale stones
 * on a coloured lamp's side of the board, a stone half off its point), and they lie where the
 * readers already differ, the classifier unsure of them; a board the readers agree on, or a point
 * far from their differences, spends no look. */
#define POINTS_SURE 0.9f

/* ---- the lattice model's judgement (evidence.c: vz_lattice_judge) ---- */

/* Held out (each photo's lattice judged by the model trained without its fold), a line of
 * points beyond an end of a right lattice read 0.51 at most (0.5 is a line off the photo), the
 * board's edge line beyond a lattice one line off 0.6 to 0.95 where the model knew the board's
 * make (a make it had not seen: 0.05 to 0.2, left unmoved). */
#define EVIDENCE_LINE_IN 0.6
/* ... while that lattice's own line at the other end, beyond the board's other edge, reads at
 * least this much less (rendered boards: 0.3 less where a stone at the edge leans over it). */
#define EVIDENCE_LINE_GAP 0.25
/* Right lattices read 0.35 (crowded, under a blue lamp, held out) to 0.97; lattices through a
 * cloth's or the table's crossings under 0.1. */
#define EVIDENCE_MIN 0.2

#endif
