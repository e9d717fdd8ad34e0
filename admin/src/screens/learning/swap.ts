// Reordering siblings (plans, modules, lessons): an item takes its neighbour's position, then the neighbour takes the
// item's old one. Where the server moves the others along when one moves (positions 1..n), the second write finds
// it done already; where positions are free numbers, it completes the swap.
import type { ActionResult } from '../../components/useAction.ts';

interface Positioned {
  id: number;
  position: number;
}

export async function swapPositions<T extends Positioned>(
  move: (id: number, position: number) => Promise<ActionResult<unknown>>,
  item: T,
  neighbour: T,
): Promise<boolean> {
  const first = await move(item.id, neighbour.position);
  return first.ok && (await move(neighbour.id, item.position)).ok;
}
