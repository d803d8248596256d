import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../config/routes';
import { captureSponsor } from '../hooks/capture-sponsor';

/** /r/{url name}: keeps the sponsor, then shows the home page, where "Invited by" greets the visitor. */
export function SponsorLinkPage() {
  const { urlName = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    captureSponsor(urlName);
    navigate(ROUTES.home, { replace: true });
  }, [urlName, navigate]);
  return null;
}
